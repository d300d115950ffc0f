import { Context, Duration, Effect, FiberHandle, Layer, SubscriptionRef } from "effect"
import { Timings } from "../config/constants"
import type { Toast as ToastEntity, ToastSvg, ToastVariant } from "../domain/toast"
import { type ToastKey, toastMessages } from "../errors/toasts"

/** What the toast shows now (§3 Toast); closed until the first toast. */
export type ToastState = ToastEntity

export interface ToastInput {
  readonly message: string
  readonly variant: ToastVariant
  readonly svg?: ToastSvg | undefined
  readonly autoClose?: boolean | undefined
}

export const initialToastState: ToastState = {
  message: "",
  variant: "success",
  svg: undefined,
  open: false,
  autoClose: true,
}

/**
 * How long an auto-closing toast stays up. §4/§9 are silent on it; this is what the original product's
 * snackbar does (it hides itself 2.5 s after opening when autoClose is set).
 */
export const toastAutoCloseAfter = Duration.millis(2500)

export class Toast extends Context.Service<
  Toast,
  {
    readonly state: SubscriptionRef.SubscriptionRef<ToastState>
    readonly show: (toast: ToastInput) => Effect.Effect<void>
    /** Shows one of the §8 catalogue toasts with its variant. */
    readonly showCatalogue: (key: ToastKey) => Effect.Effect<void>
    readonly hide: Effect.Effect<void>
  }
>()("appkit/Toast") {
  static readonly layer = Layer.effect(
    Toast,
    Effect.gen(function* () {
      const state = yield* SubscriptionRef.make(initialToastState)
      // Only the latest toast may appear: a newer show interrupts a pending delayed one.
      const pending = yield* FiberHandle.make<void, never>()
      // The open toast's auto-close timer: replaced by each newly shown toast, cleared by hide.
      const autoClose = yield* FiberHandle.make<void, never>()
      const close = SubscriptionRef.update(state, (s) => ({ ...s, open: false }))
      const reveal = (next: ToastState) =>
        Effect.andThen(
          SubscriptionRef.set(state, next),
          next.autoClose
            ? FiberHandle.run(autoClose, Effect.delay(close, toastAutoCloseAfter))
            : FiberHandle.clear(autoClose),
        )
      const show = (toast: ToastInput) =>
        Effect.gen(function* () {
          const next: ToastState = {
            message: toast.message,
            variant: toast.variant,
            svg: toast.svg,
            autoClose: toast.autoClose ?? true,
            open: true,
          }
          yield* FiberHandle.clear(pending)
          yield* FiberHandle.clear(autoClose)
          const current = yield* SubscriptionRef.get(state)
          if (!current.open) return yield* reveal(next)
          yield* close
          yield* FiberHandle.run(pending, Effect.delay(reveal(next), Timings.toastOpenDelay))
        })
      return Toast.of({
        state,
        show,
        showCatalogue: (key) => show(toastMessages[key]),
        hide: Effect.andThen(Effect.andThen(FiberHandle.clear(pending), FiberHandle.clear(autoClose)), close),
      })
    }),
  )
}
