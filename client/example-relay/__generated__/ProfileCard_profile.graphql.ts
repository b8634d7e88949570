/**
 * @generated SignedSource<<a30228331241a615be6c29202678d857>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type ProfileCard_profile$data = {
  readonly handle: {
    readonly localName: string;
  } | null | undefined;
  readonly id: string;
  readonly metadata: {
    readonly bio: string | null | undefined;
    readonly displayName: string | null | undefined;
  };
  readonly stats: {
    readonly followers: number;
    readonly following: number;
    readonly posts: number;
  };
  readonly " $fragmentType": "ProfileCard_profile";
};
export type ProfileCard_profile$key = {
  readonly " $data"?: ProfileCard_profile$data;
  readonly " $fragmentSpreads": FragmentRefs<"ProfileCard_profile">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ProfileCard_profile",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "id",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Handle",
      "kind": "LinkedField",
      "name": "handle",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "localName",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "ProfileMetadata",
      "kind": "LinkedField",
      "name": "metadata",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "displayName",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "bio",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "ProfileStats",
      "kind": "LinkedField",
      "name": "stats",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "followers",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "following",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "posts",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "ProfileSummary",
  "abstractKey": "__isProfileSummary"
};

(node as any).hash = "58db5f84c0febc78183386f8eb0d6b4a";

export default node;
