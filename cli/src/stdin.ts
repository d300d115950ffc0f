/** Everything a stream (stdin) carries, as text. */
export const readAll = async (stream: NodeJS.ReadableStream): Promise<string> => {
  let text = ""
  for await (const chunk of stream) text += chunk.toString()
  return text
}

/** An argument that may be `-` for stdin, trimmed. */
export const argumentOrStdin = async (value: string): Promise<string> =>
  (value === "-" ? await readAll(process.stdin) : value).trim()
