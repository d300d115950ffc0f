import type { WalletSchemas } from "@appkit/core/effect"
import { useEffect, useMemo, useRef, useState } from "react"
import { useAppKitInstance } from "../binding/context"
import { errorMessage } from "../binding/errorMessage"
import { useAppKitSelector } from "../binding/useAppKitSelector"
import { AppKitImage } from "../image/Image"
import { useConnectFlow } from "../modal/flow"
import { Spinner } from "../modal/parts"
import { choiceOfWallet } from "../modal/targets"

type Listing = WalletSchemas.WalletListing

const columns = 4
const rowHeight = 96
/** Rows drawn beyond the visible ones, so a fast scroll does not show blanks. */
const overscanRows = 3
/** Typing settles for this long before the directory is searched. */
const searchDelayMs = 250

interface Directory {
  readonly wallets: ReadonlyArray<Listing>
  readonly count: number
  readonly nextPage: number
  readonly loading: boolean
  readonly error: string | undefined
}

const emptyDirectory: Directory = { wallets: [], count: 0, nextPage: 1, loading: false, error: undefined }

/** Pages of the core's wallet directory for one search text; `more` loads the next page. */
const useDirectory = (search: string) => {
  const appKit = useAppKitInstance()
  const [directory, setDirectory] = useState<Directory>(emptyDirectory)
  const latest = useRef(search)
  const load = (page: number, base: Directory) => {
    setDirectory({ ...base, loading: true, error: undefined })
    appKit.fetchWallets({ page, search }).then(
      (result) => {
        if (latest.current !== search) return
        setDirectory({
          wallets: [...base.wallets, ...result.data],
          count: result.count,
          nextPage: page + 1,
          loading: false,
          error: undefined,
        })
      },
      (error: unknown) => {
        if (latest.current !== search) return
        setDirectory({ ...base, loading: false, error: errorMessage(error) })
      },
    )
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search text starts a new list
  useEffect(() => {
    latest.current = search
    load(1, emptyDirectory)
  }, [search])
  const hasMore = directory.wallets.length < directory.count
  return {
    directory,
    more: () => {
      if (!directory.loading && directory.error === undefined && hasMore) load(directory.nextPage, directory)
    },
    retry: () => load(directory.nextPage, directory),
  }
}

/**
 * §2 AllWallets: the wallet directory, 40 a page (100 when searching, §9), in a grid that draws only the
 * rows in view, so 500 and more wallets scroll smoothly. Scrolling near the end loads the next page.
 */
export default function AllWallets() {
  const appKit = useAppKitInstance()
  const flow = useConnectFlow()
  const connectors = useAppKitSelector((state) => state.connectors.connectors)
  const [text, setText] = useState("")
  const [search, setSearch] = useState("")
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), searchDelayMs)
    return () => clearTimeout(timer)
  }, [text])
  const { directory, more, retry } = useDirectory(search)
  const scroller = useRef<HTMLElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [viewport, setViewport] = useState(360)
  useEffect(() => {
    const element = scroller.current
    if (element !== null && element.clientHeight > 0) setViewport(element.clientHeight)
  }, [])
  const rows = Math.ceil(directory.wallets.length / columns)
  const firstRow = Math.max(0, Math.floor(scrollTop / rowHeight) - overscanRows)
  const lastRow = Math.min(rows, Math.ceil((scrollTop + viewport) / rowHeight) + overscanRows)
  const visible = useMemo(
    () =>
      directory.wallets
        .slice(firstRow * columns, lastRow * columns)
        .map((wallet, index) => ({ wallet, index: firstRow * columns + index })),
    [directory.wallets, firstRow, lastRow],
  )
  // The next page is wanted once the last drawn row is within reach.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `more` reads the latest directory itself
  useEffect(() => {
    if (lastRow >= rows) more()
  }, [lastRow, rows])

  return (
    <div>
      <label className="appkit-field">
        <span className="appkit-sr-only">Search wallet</span>
        <input
          className="appkit-input"
          type="search"
          placeholder="Search wallet"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <section
        ref={scroller}
        className="appkit-grid-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label="Wallets found"
        aria-busy={directory.loading}
        data-count={directory.count}
        data-loaded={directory.wallets.length}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      >
        <ul className="appkit-wallet-grid" aria-label="Wallet directory" style={{ height: rows * rowHeight }}>
          {visible.map(({ wallet, index }) => {
            const imageUrl =
              wallet.image_url ?? (wallet.image_id ? appKit.walletImageUrl(wallet.image_id) : undefined)
            const choice = choiceOfWallet(wallet, imageUrl, connectors)
            return (
              <li
                key={wallet.id}
                className="appkit-wallet-tile"
                style={{ top: Math.floor(index / columns) * rowHeight, left: `${(index % columns) * 25}%` }}
              >
                <button
                  type="button"
                  className="appkit-wallet-tile-button"
                  title={choice === undefined ? `${wallet.name} is not installed` : wallet.name}
                  disabled={choice === undefined}
                  onClick={() => choice && void flow.connect(choice.target, choice.view)}
                >
                  <AppKitImage src={imageUrl} alt={wallet.name} size={56} shape="square" decorative />
                  <span>{wallet.name}</span>
                </button>
              </li>
            )
          })}
        </ul>
        {directory.loading && <Spinner label="Loading wallets" />}
        {!directory.loading && directory.error === undefined && directory.count === 0 && (
          <p className="appkit-center appkit-muted">No wallet found</p>
        )}
      </section>
      {directory.error !== undefined && (
        <div className="appkit-center" role="alert">
          <p className="appkit-error">{directory.error}</p>
          <button type="button" className="appkit-button" data-variant="secondary" onClick={retry}>
            Try again
          </button>
        </div>
      )}
    </div>
  )
}
