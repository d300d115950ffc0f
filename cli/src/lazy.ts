/**
 * An action that lives in its own chunk: `load` imports it only when the command runs, so declaring every
 * command (for `--help`) costs nothing of what the commands use. Commander's arguments are handed on.
 */
export const lazyAction =
  // biome-ignore lint/suspicious/noExplicitAny: commander hands each action its own argument list
    <Args extends Array<any>>(load: () => Promise<(...args: Args) => Promise<void> | void>) =>
    async (...args: Args): Promise<void> =>
      (await load())(...args)
