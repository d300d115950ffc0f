import { DataError, HttpStatusError } from "@appkit/core"
import { describe, expect, it } from "vitest"
import { describeFailure } from "./api-options"

describe("describeFailure", () => {
  const status = (code: number, body: string) =>
    new HttpStatusError({ status: code, url: "http://127.0.0.1/x", body })

  it("adds what the server said to the status line, and to the cause of a core error", () => {
    expect(describeFailure(status(400, '{"status":400,"message":"Invalid cursor"}'))).toBe(
      "HTTP status code: 400 (Invalid cursor)",
    )
    expect(describeFailure(status(400, "Invalid Bitcoin address\n"))).toBe(
      "HTTP status code: 400 (Invalid Bitcoin address)",
    )
    const unavailable = new DataError({
      reason: "tokenBalanceUnavailable",
      cause: status(503, '{"message":"down"}'),
    })
    expect(describeFailure(unavailable)).toBe("Token Balance Unavailable: HTTP status code: 503 (down)")
  })

  it("keeps the status line alone when the body says nothing readable", () => {
    for (const body of ["", '{"status":500}', "null", "x".repeat(201)])
      expect(describeFailure(status(500, body))).toBe("HTTP status code: 500")
  })
})
