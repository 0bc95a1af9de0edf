/**
 * Where text messages go (phone verification codes). Pluggable: the default
 * local sender writes the message to the server log, so the flow works end to
 * end on a developer machine; SMS_PROVIDER=webhook hands it to a gateway.
 */
export interface SmsSender {
  /** Which sender this is, for the log and the README ("log", "webhook"). */
  readonly name: string;
  /** Resolves when the provider accepted the message; rejects when it did not. */
  send(to: string, text: string): Promise<void>;
}
