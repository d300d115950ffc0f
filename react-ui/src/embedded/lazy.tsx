import { Suspense } from "react"
import { Spinner } from "../modal/parts"
import { preloadableView } from "../modal/preloadableView"

/**
 * The embedded wallet's views, in a chunk fetched only when the dApp has an embedded-wallet (AUTH) connector:
 * an app that connects browser wallets only never downloads them.
 */
const chunk = () => import("./EmbeddedLogin")
// Retried after a failed download (a fresh lazy each time, see preloadableView).
const Method = preloadableView(async () => ({ default: (await chunk()).EmbeddedMethod }))
const Step = preloadableView(async () => ({ default: (await chunk()).EmbeddedStepView }))
const EmailUpdate = preloadableView(async () => ({ default: (await chunk()).EmbeddedEmailUpdate }))

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
