// The generator of the client package's cache policies, on a small schema whose
// answer is known: which types are entities, embedded values or connections,
// what each abstract type stands for, and which arguments key a list.
import { buildSchema } from 'graphql';
import { cachePoliciesOf, cachePoliciesSource } from '../../scripts/client-cache-policies';

const schema = buildSchema(`
  interface Named { name: String }
  type Person implements Named { id: ID! name: String stats: Stats! friends(first: Int, after: String, last: Int, before: String, window: String, page: Int): PersonConnection! }
  type Robot implements Named { name: String }
  union Anyone = Person | Robot
  type Stats { followers: Int! }
  type Day { id: ID day: String! }
  type PersonConnection { edges: [PersonEdge!]! pageInfo: PageInfo! }
  type PersonEdge { cursor: String! node: Person! }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
  type Query { person(id: ID!): Person people(first: Int, after: String): PersonConnection! anyone: [Anyone!]! days: [Day!]! }
  type Mutation { rename(name: String!): Person }
`);

describe('the client cache policies generated from a schema', () => {
  it('when the schema has interfaces, unions, ids, values and connections, then each lands in its list and the roots in none', () => {
    expect(cachePoliciesOf(schema)).toEqual({
      possibleTypes: { Anyone: ['Person', 'Robot'], Named: ['Person', 'Robot'] },
      entityTypes: ['Person'],
      nullableIdTypes: ['Day'],
      // The connection itself is paged by its field's policy; its edges and page info are values.
      embeddedTypes: ['PageInfo', 'PersonEdge', 'Robot', 'Stats'],
      // Cursor arguments move within one list; the others (a window, a page number) select another.
      connectionFields: { Query: { people: [] }, Person: { friends: ['page', 'window'] } },
    });
  });

  it('when the module is written, then it is the same data as TypeScript exports, the same on every run', () => {
    const source = cachePoliciesSource(schema);
    expect(source).toContain('"Anyone": ["Person", "Robot"],');
    expect(source).toContain('"friends": ["page", "window"],');
    expect(source).toContain('export const nullableIdTypes: readonly string[] = [\n  "Day",\n];');
    expect(cachePoliciesSource(schema)).toBe(source);
  });
});
