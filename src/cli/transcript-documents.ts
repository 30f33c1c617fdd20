/** The transcript operations the command-line tool sends, typed by codegen from schema/schema.graphql. */
import { graphql } from '../generated/index.js';

export const CliRunTranscriptDocument = graphql(`
  query CliRunTranscript($id: ID!) {
    run(id: $id) {
      ...CliRunTranscriptFields
    }
  }
`);

export const CliRunTranscriptsDocument = graphql(`
  query CliRunTranscripts($space: String, $since: DateTime, $first: Int, $after: String) {
    runTranscripts(space: $space, since: $since, first: $first, after: $after) {
      ...CliRunTranscriptPageFields
    }
  }
`);
