// Compiler input: relay-compiler reads the graphql tags of documents/ and writes one artifact per
// document into __generated__/. An app's bundler plugin (babel-plugin-relay, @swc/plugin-relay,
// vite-plugin-relay) replaces each tag with its artifact; this example, with no bundler, imports
// the artifacts itself (../user-page.ts), so nothing imports this file.
import { graphql } from 'relay-runtime';

// On the interface: a Farcaster user and a Lens profile render the same card.
export const ProfileCard = graphql`
  fragment ProfileCard_profile on ProfileSummary {
    id
    handle { localName }
    metadata { displayName bio }
    stats { followers following posts }
  }
`;
