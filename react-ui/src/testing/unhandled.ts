/**
 * Test support: the promise rejections nobody handled while `run` went on, and for a moment after (a failure
 * a user's action provokes is shown or deliberately ignored, never left unhandled).
 */
export const unhandledRejectionsDuring = async (
  run: () => Promise<void>,
): Promise<ReadonlyArray<unknown>> => {
  const seen: Array<unknown> = []
  const listener = (reason: unknown) => void seen.push(reason)
  process.on("unhandledRejection", listener)
  try {
    await run()
    await new Promise((resolve) => setTimeout(resolve, 50))
  } finally {
    process.off("unhandledRejection", listener)
  }
  return seen
}
