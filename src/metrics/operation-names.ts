// Operation names are chosen by clients, so as labels they are bounded: the
// first `limit` distinct names an instance sees are kept, later ones are
// `other`; an operation without a name is `anonymous`.

/** GraphQL's Name rule; anything else a client sends as a name is `other`. */
const NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;

export class OperationNames {
  private readonly seen = new Set<string>();

  constructor(private readonly limit: number) {}

  label(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (!NAME.test(name)) return 'other';
    if (this.seen.has(name)) return name;
    if (this.seen.size >= this.limit) return 'other';
    this.seen.add(name);
    return name;
  }
}
