import { Schema } from "effect"

/** Body of POST /e (§7). `props` carries the event's data plus the connected address. */
export const AnalyticsEventBody = Schema.Struct({
  eventId: Schema.String,
  url: Schema.String,
  domain: Schema.String,
  /** Unix milliseconds, from Effect's Clock. */
  timestamp: Schema.Number,
  props: Schema.Record(Schema.String, Schema.Unknown),
})
export type AnalyticsEventBody = typeof AnalyticsEventBody.Type
