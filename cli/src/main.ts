import { run } from "./program"

run(process.argv)
