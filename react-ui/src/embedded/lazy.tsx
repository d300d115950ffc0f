import { lazy, Suspense } from "react"
import { Spinner } from "../modal/parts"

/**
 * The embedded wallet's views, in a chunk fetched only when the dApp has an embedded-wallet (AUTH) connector:
 * an app that connects browser wallets only never downloads them.
 */
const chunk = () => import("./EmbeddedLogin")
const Method = lazy(() => chunk().then((module) => ({ default: module.EmbeddedMethod })))
const Step = lazy(() => chunk().then((module) => ({ default: module.EmbeddedStepView })))
const EmailUpdate = lazy(() => chunk().then((module) => ({ default: module.EmbeddedEmailUpdate })))

export const LazyEmbeddedMethod = ({ method }: { readonly method: "email" | "social" }) => (
  <Suspense fallback={<Spinner label="Loading sign-in" />}>
    <Method method={method} />
  </Suspense>
)

export const LazyEmbeddedStep = () => (
  <Suspense fallback={<Spinner label="Loading sign-in" />}>
    <Step />
  </Suspense>
)

export const LazyEmbeddedEmailUpdate = () => (
  <Suspense fallback={<Spinner label="Loading" />}>
    <EmailUpdate />
  </Suspense>
)
