import type { SendState } from "@appkit/core"
import { shortAddress } from "@appkit/core/validation"
import { type FormEvent, useEffect, useRef, useState } from "react"
import { useAppKitInstance } from "../binding/context"
import { errorMessage } from "../binding/errorMessage"
import { inBackground } from "../binding/inBackground"
import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"
import { AmountField } from "../features/AmountField"
import { type TokenChoice, TokenPicker } from "../features/TokenPicker"
import { Notice } from "../modal/parts"

type Token = NonNullable<SendState["token"]>

const tokenKey = (token: Token) => token.address ?? `native:${token.symbol}`

/** A token of the Tokens tab as the picker lists it, with the balance the tab shows. */
const choiceOf = (token: Token): TokenChoice => ({
  key: tokenKey(token),
  symbol: token.symbol,
  name: token.name,
  balance: token.quantity.numeric,
  frozen: token.quantity.frozen,
  iconUrl: token.iconUrl,
})

type Submission =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Sending" }
  | { readonly _tag: "Done"; readonly hash: string; readonly status: "confirmed" | "failed" }
  | { readonly _tag: "Failed"; readonly message: string }

/** One empty list, so an account without tokens keeps the same selection. */
const noTokens: ReadonlyArray<never> = []

/**
 * The send form (§1: eip155 and Solana): token, amount and receiver live in the core's send state; the §5
 * messages come from the core's validation, and sending is the core's submitSend (wallet, then receipt).
 */
export default function WalletSend() {
  const appKit = useAppKitInstance()
  const send = useAppKitSelector((state) => state.send, shallowEqual)
  const tokens = useAppKitSelector(
    (state) => state.account.byNamespace[state.network.activeNamespace]?.tokenBalance ?? noTokens,
  )
  const [problem, setProblem] = useState<string | undefined>(undefined)
  // Why Max came to 0 (the fee is more than the balance), until the amount changes again.
  const [maxProblem, setMaxProblem] = useState<string | undefined>(undefined)
  const [submission, setSubmission] = useState<Submission>({ _tag: "Idle" })
  const [resolution, setResolution] = useState<{
    readonly address?: string | undefined
    readonly problem?: string | undefined
  }>({})

  // The native token is the natural first choice, as in every wallet. The token picked follows its row as the
  // balances refresh, so the amount is checked against what is held now.
  useEffect(() => {
    const picked = send.token
    if (picked !== undefined) {
      const row = tokens.find((token) => tokenKey(token) === tokenKey(picked))
      if (row !== undefined && row !== picked) void appKit.updateSend({ token: row })
      return
    }
    const native = tokens.find((token) => token.address === undefined) ?? tokens[0]
    if (native !== undefined) void appKit.updateSend({ token: native })
  }, [appKit, send.token, tokens])

  // What the core says is missing or wrong, checked as the user types.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-validated on every change of the form
  useEffect(() => {
    let current = true
    appKit.validateSend().then(
      () => current && setProblem(undefined),
      (error: unknown) => current && setProblem(errorMessage(error)),
    )
    return () => {
      current = false
    }
  }, [appKit, send.token, send.sendTokenAmount, send.receiverAddress])

  // A name (alice.reown.id) is resolved by the core as it is typed, so the user sees where the funds go.
  useEffect(() => {
    let current = true
    setResolution({})
    appKit.resolveReceiver(send.receiverAddress ?? "").then(
      (address) => current && setResolution({ address }),
      (error: unknown) => current && setResolution({ problem: errorMessage(error) }),
    )
    return () => {
      current = false
    }
  }, [appKit, send.receiverAddress])
  const { address: resolved, problem: nameProblem } = resolution

  // One send per press: a second click (a double click) before the core marks the form loading sends nothing.
  const sending = useRef(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (sending.current) return
    sending.current = true
    setSubmission({ _tag: "Sending" })
    try {
      const outcome = await appKit.submitSend()
      setSubmission({ _tag: "Done", ...outcome })
    } catch (error) {
      setSubmission({ _tag: "Failed", message: errorMessage(error) })
    } finally {
      sending.current = false
    }
  }

  if (submission._tag === "Done")
    return (
      <Notice
        title={submission.status === "confirmed" ? "Transaction confirmed" : "Transaction failed"}
        actions={
          <button
            type="button"
            className="appkit-button"
            onClick={() => inBackground(appKit.setAccountTab("Activity").then(() => appKit.goBack()))}
          >
            View activity
          </button>
        }
      >
        <p
          className={submission.status === "confirmed" ? "appkit-success" : "appkit-error"}
          data-hash={submission.hash}
        >
          {shortAddress(submission.hash)}
        </p>
      </Notice>
    )

  const selected = send.token === undefined ? "" : tokenKey(send.token)
  return (
    <form className="appkit-form" onSubmit={(event) => void submit(event)}>
      <TokenPicker
        label="Token"
        choices={tokens.map(choiceOf)}
        selected={selected}
        disabled={send.loading}
        onSelect={(choice) => {
          const token = tokens.find((candidate) => tokenKey(candidate) === choice.key)
          if (token === undefined) return
          setMaxProblem(undefined)
          void appKit.updateSend({ token })
        }}
      />
      <AmountField
        value={send.sendTokenAmount ?? ""}
        onChange={(sendTokenAmount) => {
          setMaxProblem(undefined)
          void appKit.updateSend({ sendTokenAmount })
        }}
        onMax={
          send.token === undefined
            ? undefined
            : () => {
                setMaxProblem(undefined)
                appKit.setSendMax().catch((error: unknown) => setMaxProblem(errorMessage(error)))
              }
        }
      />
      <label className="appkit-field">
        <span>To</span>
        <input
          className="appkit-input"
          autoComplete="off"
          spellCheck={false}
          placeholder="Address or name (alice.reown.id)"
          value={send.receiverAddress ?? ""}
          onChange={(event) => void appKit.updateSend({ receiverAddress: event.target.value })}
        />
      </label>
      {resolved !== undefined && (
        <p className="appkit-muted" data-testid="send-receiver-resolved" title={resolved}>
          {send.receiverAddress?.trim()} is {shortAddress(resolved)}
        </p>
      )}
      <p className="appkit-muted" aria-live="polite" data-testid="send-problem">
        {maxProblem ?? problem ?? nameProblem ?? "Ready to send"}
      </p>
      {submission._tag === "Failed" && (
        <p className="appkit-error" role="alert">
          {submission.message}
        </p>
      )}
      <button
        type="submit"
        className="appkit-button"
        disabled={
          problem !== undefined || nameProblem !== undefined || send.loading || submission._tag === "Sending"
        }
      >
        {send.loading ? "Confirm in your wallet…" : "Send"}
      </button>
    </form>
  )
}
