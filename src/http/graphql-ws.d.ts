// graphql-ws publishes its ws adapter under a subpath export ("graphql-ws/use/ws"),
// which this project's module resolution (node) does not read; the types are these.
declare module 'graphql-ws/use/ws' {
  export { useServer } from 'graphql-ws/dist/use/ws';
}
