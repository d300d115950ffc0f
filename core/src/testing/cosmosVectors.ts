import type { CosmosStdSignature } from "../chains/cosmos/stdSignature"

/**
 * Made with cosmjs 0.39 (@cosmjs/amino Secp256k1HdWallet, @cosmjs/proto-signing DirectSecp256k1HdWallet and
 * makeSignBytes) from the dev mnemonic "test test test test test test test test test test test junk" at
 * m/44'/118'/0'/0/0. Test support only, not exported.
 */
export const cosmjs = {
  address: "cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7",
  osmo: "osmo15yk64u7zc9g9k2yr2wmzeva5qgwxps6ywful0v",
  pubkey: "AiOqZ51tU0TiAeDfnwKrFahHJu7g37TpU8Rqniy1I0nc",
  adr036: {
    data: "hello <cosmos> & friends",
    serialized:
      '{"account_number":"0","chain_id":"","fee":{"amount":[],"gas":"0"},"memo":"","msgs":[{"type":"sign/MsgSignData","value":{"data":"aGVsbG8gPGNvc21vcz4gJiBmcmllbmRz","signer":"cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7"}}],"sequence":"0"}',
    signature: "opEZdbMaaLTTEyvK3PODO3T9z7tOQEO5RA/4yezoT0oMidT7BOoPR4/vuYFXZLV4g//INshgXmyGKp/PKf+hZg==",
  },
  amino: {
    doc: {
      chain_id: "cosmoshub-4",
      account_number: "42",
      sequence: "7",
      memo: "<script>&</script> ünïcode ✓",
      fee: { amount: [{ denom: "uatom", amount: "5000" }], gas: "200000" },
      msgs: [
        {
          type: "cosmos-sdk/MsgSend",
          value: {
            to_address: "cosmos1zz",
            from_address: "cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7",
            amount: [{ denom: "uatom", amount: "1" }],
          },
        },
      ],
    },
    serialized:
      '{"account_number":"42","chain_id":"cosmoshub-4","fee":{"amount":[{"amount":"5000","denom":"uatom"}],"gas":"200000"},"memo":"\\u003cscript\\u003e\\u0026\\u003c/script\\u003e ünïcode ✓","msgs":[{"type":"cosmos-sdk/MsgSend","value":{"amount":[{"amount":"1","denom":"uatom"}],"from_address":"cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7","to_address":"cosmos1zz"}}],"sequence":"7"}',
    signature: "SMelXS0xzkULMzkjYKVcFbv8doXBr+82zBQVC3V86QE0FCGb9o+ZTP1GRLiccXZuclwGWFDkkRsWXJgw+tIh8g==",
  },
  direct: {
    signDoc: {
      bodyBytes: Uint8Array.of(10, 3, 1, 2, 3),
      authInfoBytes: Uint8Array.of(18, 2, 16, 1),
      chainId: "cosmoshub-4",
      accountNumber: 12345678901n,
    },
    signBytes: "0a050a030102031204120210011a0b636f736d6f736875622d3420b5b8f0fe2d",
    signature: "FhxgQPvJDbPG5gZLeiUu45tb+7dXoUlMVNdkU3TZZy1uu5S39USsROKD6gRSeJV8BLtxz6wMRHMKiH7/cPdx9A==",
  },
} as const

export const stdSignature = (signature: string): CosmosStdSignature => ({
  pub_key: { type: "tendermint/PubKeySecp256k1", value: cosmjs.pubkey as string },
  signature,
})
