import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { schemaCases } from "../../testing/schemaCases"
import {
  AppMessage,
  decodeAppMessage,
  decodeFrameResponse,
  EMBEDDED_PROTOCOL,
  FrameMessage,
  type FrameRequest,
  frameMessage,
  PopupMessage,
} from "./protocol"

const message = (request: unknown, id = "req-1") => ({ protocol: EMBEDDED_PROTOCOL, id, request })

const otp = fc.stringMatching(/^\d{6}$/)
const chainId = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
const email = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9._+-]{1,20}$/),
    fc.stringMatching(/^[a-z0-9]{1,10}$/),
    fc.constantFrom("com", "io", "dev"),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)
const request: fc.Arbitrary<FrameRequest> = fc.oneof(
  email.map((value) => ({ _tag: "ConnectEmail" as const, email: value })),
  otp.map((value) => ({ _tag: "ConnectOtp" as const, otp: value })),
  otp.map((value) => ({ _tag: "UpdateEmailSecondaryOtp" as const, otp: value })),
  chainId.map((value) => ({ _tag: "SwitchNetwork" as const, chainId: value })),
  fc.constantFrom("google", "github", "apple", "facebook", "x", "discord").map((provider) => ({
    _tag: "GetSocialRedirectUri" as const,
    provider,
  })),
  fc
    .record({
      method: fc.constantFrom("personal_sign", "eth_sendTransaction"),
      params: fc.jsonValue(),
      chainId,
    })
    .map((fields) => ({ _tag: "RpcRequest" as const, ...fields })),
  fc
    .record(
      { chainId, preferredAccountType: fc.constantFrom("eoa" as const, "smartAccount" as const) },
      { requiredKeys: [] },
    )
    .map((fields) => ({ _tag: "GetUser" as const, ...fields })),
)

describe("the frame protocol", () => {
  it("decodes every request a dApp can send, unchanged after the browser's structured clone", () => {
    fc.assert(
      fc.property(request, fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), (value, id) => {
        const decoded = decodeAppMessage(structuredClone(message(value, id)))
        expect(Result.isSuccess(decoded) && decoded.success).toEqual(message(value, id))
      }),
    )
  })

  it("never accepts a message of another protocol version", () => {
    fc.assert(
      fc.property(request, fc.string(), (value, protocol) => {
        fc.pre(protocol !== EMBEDDED_PROTOCOL)
        expect(Result.isFailure(decodeAppMessage({ ...message(value), protocol }))).toBe(true)
      }),
    )
  })

  describe("dApp → frame messages", () => {
    schemaCases(AppMessage, {
      valid: [
        ["a 64-character id", message({ _tag: "IsConnected" }, "a".repeat(64))],
        ["a six-digit OTP", message({ _tag: "ConnectOtp", otp: "000000" })],
        ["chain id 1", message({ _tag: "SwitchNetwork", chainId: 1 })],
        [
          "a social redirect back to the secure site",
          message({ _tag: "ConnectSocial", uri: "http://127.0.0.1:1/cb?code=c" }),
        ],
        [
          "a theme",
          message({ _tag: "SyncTheme", themeMode: "dark", themeVariables: { "--accent": "#000", size: 4 } }),
        ],
      ],
      invalid: [
        ["a 65-character id", message({ _tag: "IsConnected" }, "a".repeat(65))],
        ["an id with a slash", message({ _tag: "IsConnected" }, "a/b")],
        ["an empty id", message({ _tag: "IsConnected" }, "")],
        ["a five-digit OTP", message({ _tag: "ConnectOtp", otp: "12345" })],
        ["a seven-digit OTP", message({ _tag: "ConnectOtp", otp: "1234567" })],
        ["an OTP with a letter", message({ _tag: "ConnectOtp", otp: "12345a" })],
        ["an OTP as a number", message({ _tag: "ConnectOtp", otp: 123456 })],
        ["an email without a dotted domain", message({ _tag: "ConnectEmail", email: "ada@example" })],
        ["an email with a space", message({ _tag: "UpdateEmail", email: "ada lovelace@example.com" })],
        ["chain id 0", message({ _tag: "SwitchNetwork", chainId: 0 })],
        ["a fractional chain id", message({ _tag: "SwitchNetwork", chainId: 1.5 })],
        ["farcaster as an OAuth provider", message({ _tag: "GetSocialRedirectUri", provider: "farcaster" })],
        ["an unknown provider", message({ _tag: "GetSocialRedirectUri", provider: "telegram" })],
        ["a social redirect that is not a URL", message({ _tag: "ConnectSocial", uri: "/callback?code=c" })],
        ["an RPC request without a method", message({ _tag: "RpcRequest", method: "" })],
        ["an unknown request", message({ _tag: "ExportPrivateKey" })],
        ["a request without a tag", message({ email: "ada@example.com" })],
        ["no request", { protocol: EMBEDDED_PROTOCOL, id: "x" }],
        ["an account type of Bitcoin", message({ _tag: "SetPreferredAccount", type: "payment" })],
      ],
    })
  })

  describe("frame → dApp messages", () => {
    schemaCases(FrameMessage, {
      valid: [
        ["ready", frameMessage.ready()],
        ["unverifiedDomain", frameMessage.unverifiedDomain()],
        ["a reply without a result", { protocol: EMBEDDED_PROTOCOL, kind: "reply", id: "a" }],
        ["an error with an empty text", frameMessage.error("a", "")],
      ],
      invalid: [
        ["an error without a text", { protocol: EMBEDDED_PROTOCOL, kind: "error", id: "a" }],
        ["a reply without an id", { protocol: EMBEDDED_PROTOCOL, kind: "reply", result: 1 }],
        ["an unknown kind", { protocol: EMBEDDED_PROTOCOL, kind: "connected" }],
        ["a string", "ready"],
        ["null", null],
      ],
    })
    schemaCases(PopupMessage, {
      valid: [
        ["a redirect URL", frameMessage.socialResult("http://127.0.0.1:9/auth/callback/x?code=c&state=s")],
      ],
      invalid: [["a relative URL", frameMessage.socialResult("/auth/callback/x")]],
    })
  })

  it("decodes each answer against its request's schema", () => {
    expect(Result.isSuccess(decodeFrameResponse("ConnectEmail", { action: "VERIFY_DEVICE" }))).toBe(true)
    expect(Result.isFailure(decodeFrameResponse("ConnectEmail", { action: "verify_device" }))).toBe(true)
    const user = { address: "0x1", chainId: 31337, accounts: [{ address: "0x1", type: "EOA" }] }
    expect(Result.isSuccess(decodeFrameResponse("GetUser", user))).toBe(true)
    expect(Result.isFailure(decodeFrameResponse("GetUser", { ...user, address: "" }))).toBe(true)
    expect(
      Result.isSuccess(decodeFrameResponse("UpdateEmailSecondaryOtp", { newEmail: "b@example.com" })),
    ).toBe(true)
    expect(Result.isFailure(decodeFrameResponse("UpdateEmailSecondaryOtp", { newEmail: "b@example" }))).toBe(
      true,
    )
    expect(
      Result.isFailure(
        decodeFrameResponse("GetSmartAccountEnabledNetworks", { smartAccountEnabledNetworks: [0] }),
      ),
    ).toBe(true)
  })
})
