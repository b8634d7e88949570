export * from "./gql.js";
