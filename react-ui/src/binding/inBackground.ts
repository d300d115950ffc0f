/**
 * Starts an action nobody waits on: a refresh as a view or a button shows, a step of the modal's own (a tab, a
 * view, closing it), a sign-in step. Its outcome lands in the core's state (a failed read is logged there, a
 * failed sign-in step is state.embedded.error), so the only rejection left is the instance being disposed
 * while it ran, which has nobody to tell and must not surface as an unhandled rejection.
 */
export const inBackground = (action: Promise<unknown>): void => {
  action.catch(() => undefined)
}
