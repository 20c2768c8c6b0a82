/**
 * What the engine hands a kind's context builder for one spec test: the
 * subject under test (calls tracked), the capability being run, fresh ids,
 * another fresh subject from the user's factory (released after the test),
 * whether another capability is offered, and the registration's options.
 * @public
 */
export interface KindContextBase<S, Cap extends string, Opts> {
  readonly subject: S;
  readonly capability: Cap;
  /** A fresh, random id no other test uses. */
  uniqueId(label?: string): string;
  /** Another fresh, empty subject from the user's factory, released after the test. */
  freshSubject(): Promise<S>;
  /** Whether the subject offers another capability. */
  has(cap: Cap): boolean;
  readonly options: Opts;
}
