import module from "node:module"
import { endQuietlyOnClosedPipe } from "./closedPipe"
import { exitWhenWritten } from "./exitWhenWritten"
import { run } from "./program"

// Node 22.1+ keeps compiled code between runs; on older Node this is simply absent.
;(module as { enableCompileCache?: () => unknown }).enableCompileCache?.()

endQuietlyOnClosedPipe([process.stdout, process.stderr])

/**
 * A command is over once its action settles. sign-client can leave timers behind (a pending request's
 * expiry, relay reconnect backoff), so the process then exits with the code the command set, as soon as
 * anything else would keep it waiting, and once its output has been written.
 */
run(process.argv).then(() =>
  setTimeout(() => void exitWhenWritten([process.stdout, process.stderr], () => process.exit()), 0).unref(),
)
