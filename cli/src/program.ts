import { Command } from "commander"

export const buildProgram = (): Command =>
  new Command("appkit-cli").description("Connect wallets and inspect chain data from the command line")

export const run = async (argv: ReadonlyArray<string>): Promise<void> => {
  await buildProgram().parseAsync([...argv])
}
