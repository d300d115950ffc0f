import { createServer } from "node:net"

/** A loopback URL nothing listens on (a port bound, then released): a dead node or API. */
export const deadLoopbackUrl = () =>
  new Promise<string>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(`http://127.0.0.1:${port}`))
    })
  })
