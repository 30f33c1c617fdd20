/** Operations the KAIROS 4 adapter tests send, typed by codegen. */
import { graphql } from '../../src/generated/index.js';

export const MintAdapterDocument = graphql(`
  mutation MintAdapter($input: MintInput!) {
    mint(input: $input) {
      protocol {
        uri
        chainId
        label
        slug
        protocolVersion
        adapterUri
        format
        activationPatterns
        rewardSignal
        frontmatter
        triggers
        markdown
        steps {
          uri
          layerUri
          label
          text
          challenge {
            type
            required
            mcp {
              toolName
              arguments
            }
            comment {
              minLength
            }
            tensor {
              name
              shape
            }
          }
        }
      }
    }
  }
`);

export const AdapterByUriDocument = graphql(`
  query AdapterByUri($uri: String!) {
    protocol(uri: $uri) {
      chainId
      slug
      format
    }
  }
`);

export const AdapterStepDocument = graphql(`
  mutation AdapterStep($input: NextInput!) {
    next(input: $input) {
      runId
      errorCode
      message
      currentStep {
        uri
        stepIndex
      }
      challenge {
        type
        nonce
        proofHash
        tensor {
          name
          shape
        }
      }
    }
  }
`);

export const AdapterBeginDocument = graphql(`
  mutation AdapterBegin($input: BeginInput!) {
    begin(input: $input) {
      runId
      errorCode
      currentStep {
        uri
        stepIndex
      }
      challenge {
        type
        nonce
        proofHash
      }
    }
  }
`);
