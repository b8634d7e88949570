// The Porter stemmer of `natural`, loaded alone: the package index also loads
// storage backends that read `.env` through dotenv, which this service must not do.
declare module 'natural/lib/natural/stemmers/porter_stemmer' {
  const PorterStemmer: {
    /** Porter stem of one lowercase word. */
    stem(token: string): string;
  };
  export = PorterStemmer;
}
