import { Context, Effect, FiberHandle, Layer, SubscriptionRef } from "effect"
import { Timings } from "../config/constants"
import { type ToastKey, type ToastVariant, toastMessages } from "../errors/toasts"

/** §3 toast. */
export interface ToastState {
  readonly message: string
  readonly variant: ToastVariant
  readonly svg: string | undefined
  readonly open: boolean
  readonly autoClose: boolean
}

export interface ToastInput {
  readonly message: string
  readonly variant: ToastVariant
  readonly svg?: string | undefined
  readonly autoClose?: boolean | undefined
}

export const initialToastState: ToastState = {
  message: "",
  variant: "success",
  svg: undefined,
  open: false,
  autoClose: true,
}

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
      const show = (toast: ToastInput) =>
        Effect.gen(function* () {
          const next: ToastState = {
            message: toast.message,
            variant: toast.variant,
            svg: toast.svg,
            autoClose: toast.autoClose ?? true,
            open: true,
          }
          const current = yield* SubscriptionRef.get(state)
          if (!current.open) {
            yield* FiberHandle.clear(pending)
            return yield* SubscriptionRef.set(state, next)
          }
          yield* SubscriptionRef.set(state, { ...current, open: false })
          yield* FiberHandle.run(
            pending,
            Effect.delay(SubscriptionRef.set(state, next), Timings.toastOpenDelay),
          )
        })
      return Toast.of({
        state,
        show,
        showCatalogue: (key) => show(toastMessages[key]),
        hide: Effect.andThen(
          FiberHandle.clear(pending),
          SubscriptionRef.update(state, (s) => ({ ...s, open: false })),
        ),
      })
    }),
  )
}
