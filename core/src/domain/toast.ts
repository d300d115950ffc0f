import { Effect, Schema } from "effect"

export const ToastVariant = Schema.Literals(["success", "error", "loading", "info"])
export type ToastVariant = typeof ToastVariant.Type

/** A custom icon for the toast instead of the variant's default one. */
export const ToastSvg = Schema.Struct({ icon: Schema.String, iconColor: Schema.optionalKey(Schema.String) })
export type ToastSvg = typeof ToastSvg.Type

/** §3 Toast. `autoClose` defaults to true: only loading toasts are usually kept open by their caller. */
export const Toast = Schema.Struct({
  message: Schema.String,
  variant: ToastVariant,
  svg: Schema.optional(ToastSvg),
  open: Schema.Boolean,
  autoClose: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(true))),
})
export type Toast = typeof Toast.Type
