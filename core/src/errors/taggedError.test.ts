import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { AppKitError } from "../domain/appKitError"
import { TaggedError } from "./taggedError"

class SampleError extends AppKitError(
  TaggedError("SampleError")<{ readonly reason: string; readonly cause?: unknown }>(),
) {
  override get message(): string {
    return `Sample: ${this.reason}`
  }
}
class BareError extends TaggedError("BareError")() {}

describe("TaggedError", () => {
  it("is an Error named by its tag, with its fields as own properties and the AppKit fields", () => {
    const cause = new Error("deep")
    const error = new SampleError({ reason: "why", cause })
    expect(error).toBeInstanceOf(Error)
    expect(error).toBeInstanceOf(SampleError)
    expect(error._tag).toBe("SampleError")
    expect(error.name).toBe("SampleError")
    expect(Object.keys(error)).toEqual(expect.arrayContaining(["_tag", "reason", "cause"]))
    expect(error).toMatchObject({ message: "Sample: why", shortMessage: "Sample: why", details: "deep" })
    expect(error.docsPath).toBe("/errors#sample-why")
    expect(String(error)).toBe("SampleError: Sample: why")
    expect(new BareError()._tag).toBe("BareError")
  })

  it("is matched by Effect.catchTag like a Schema.TaggedError", async () => {
    const caught = await Effect.runPromise(
      Effect.fail(new SampleError({ reason: "x" })).pipe(
        Effect.catchTag("SampleError", (error) => Effect.succeed(error.reason)),
      ),
    )
    expect(caught).toBe("x")
  })
})
