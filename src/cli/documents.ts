/**
 * The operations the command-line tool sends, typed by codegen from schema/schema.graphql. The
 * selections other doors share are fragments in ../operations/*.graphql.
 */
import { graphql } from '../generated/index.js';

export const CliProposalsDocument = graphql(`
  query CliProposals($status: ProposalStatus, $first: Int) {
    proposals(status: $status, first: $first) {
      ...CliProposalPageFields
    }
  }
`);

export const CliProposalDocument = graphql(`
  query CliProposal($id: ID!) {
    proposal(id: $id) {
      ...CliProposalFields
    }
  }
`);

export const CliApplyProposalDocument = graphql(`
  mutation CliApplyProposal($id: ID!) {
    applyProposal(input: { id: $id }) {
      ...CliApplyProposalFields
    }
  }
`);

export const CliRejectProposalDocument = graphql(`
  mutation CliRejectProposal($id: ID!, $reason: String!) {
    rejectProposal(input: { id: $id, reason: $reason }) {
      ...CliRejectProposalFields
    }
  }
`);

export const CliMintDocument = graphql(`
  mutation CliMint($input: MintInput!) {
    mint(input: $input) {
      ...CliMintFields
    }
  }
`);

export const CliRunsDocument = graphql(`
  query CliRuns($filter: RunFilter, $first: Int) {
    runs(filter: $filter, first: $first) {
      ...CliRunPageFields
    }
  }
`);

export const CliRunDocument = graphql(`
  query CliRun($id: ID!) {
    run(id: $id) {
      ...CliRunFields
    }
  }
`);
