import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { defaultApiTimeoutMillis } from "@appkit/core/defaults"
import { describe, expect, it } from "vitest"
import { LOCAL_API_URL, LOCAL_PROJECT_ID } from "./api-options"
import { resolveApiSettings } from "./api-settings"
import { CliError } from "./output"

const configFile = (content: string) => {
  const path = join(mkdtempSync(join(tmpdir(), "appkit-config-")), "config.json")
  writeFileSync(path, content)
  return path
}
/** No config file and no running dev stack: a stack someone runs on this machine (`npm start`) is not asked. */
const noConfig = {
  APPKIT_CONFIG: join(tmpdir(), "appkit-no-such-config.json"),
  APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-home-")),
}

describe("resolveApiSettings", () => {
  it("defaults to the local fixture server with a local project id, and to core's API timeout", () => {
    expect(resolveApiSettings({}, noConfig)).toEqual({
      apiUrl: LOCAL_API_URL,
      projectId: LOCAL_PROJECT_ID,
      timeoutMs: defaultApiTimeoutMillis,
    })
  })

  it("takes the flag over the environment over the config file", () => {
    const config = configFile(JSON.stringify({ apiUrl: "https://config.example", projectId: "config-id" }))
    const env = {
      ...noConfig,
      APPKIT_CONFIG: config,
      APPKIT_API_URL: "https://env.example/",
      APPKIT_PROJECT_ID: "env-id",
    }
    expect(resolveApiSettings({}, { ...noConfig, APPKIT_CONFIG: config })).toMatchObject({
      apiUrl: "https://config.example",
      projectId: "config-id",
    })
    expect(resolveApiSettings({}, env)).toMatchObject({ apiUrl: "https://env.example", projectId: "env-id" })
    expect(
      resolveApiSettings({ apiUrl: "http://127.0.0.1:9000", projectId: "flag-id", timeout: "250ms" }, env),
    ).toEqual({
      apiUrl: "http://127.0.0.1:9000",
      projectId: "flag-id",
      timeoutMs: 250,
    })
    expect(resolveApiSettings({ timeout: "2.5" }, noConfig).timeoutMs).toBe(2_500)
  })

  it("treats empty variables as unset", () => {
    expect(resolveApiSettings({}, { ...noConfig, APPKIT_API_URL: "", APPKIT_PROJECT_ID: " " })).toMatchObject(
      {
        apiUrl: LOCAL_API_URL,
        projectId: LOCAL_PROJECT_ID,
      },
    )
  })

  it("refuses what cannot work, with a one-line reason", () => {
    const cases: Array<[Parameters<typeof resolveApiSettings>[0], NodeJS.ProcessEnv, RegExp]> = [
      [{ apiUrl: "https://api.example" }, noConfig, /^Project ID Not Configured/],
      [{ apiUrl: "not a url" }, noConfig, /^--api-url must be an http\(s\) URL, got 'not a url'$/],
      [{ apiUrl: "ftp://127.0.0.1" }, noConfig, /^--api-url must be an http\(s\) URL/],
      [{}, { APPKIT_CONFIG: configFile('{"apiUrl": "127.0.0.1"}') }, /^the config file's apiUrl must be/],
      [{ timeout: "0" }, noConfig, /^--timeout must be a positive duration/],
      [{ timeout: "1.5m" }, noConfig, /^--timeout must be a positive duration/],
      [{}, { APPKIT_CONFIG: configFile("{not json") }, /is not valid JSON/],
      [{}, { APPKIT_CONFIG: configFile("[1]") }, /must hold a JSON object/],
      [{}, { APPKIT_CONFIG: configFile('{"projectId": 5}') }, /projectId must be a string/],
    ]
    for (const [options, env, message] of cases) {
      expect(() => resolveApiSettings(options, env)).toThrow(CliError)
      expect(() => resolveApiSettings(options, env)).toThrow(message)
    }
  })
})
