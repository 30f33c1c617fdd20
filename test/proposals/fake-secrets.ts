/**
 * Secret-shaped strings for tests, assembled at run time so the repository holds no literal
 * token. None of them is, or ever was, a real credential.
 */
export const fakeSecrets = {
  awsAccessKey: ['AKIA', 'IOSFODNN7', 'EXAMPLE'].join(''),
  githubToken: ['ghp', '_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'].join(''),
  gitlabToken: ['glpat', '-', 'abcdefghij0123456789'].join(''),
  anthropicKey: ['sk-ant-', 'api03-', 'x'.repeat(20), 'Y'.repeat(20), '_-09'].join(''),
  openAiKey: ['sk-', 'proj-', 'Ab1'.repeat(11)].join(''),
  stripeKey: ['sk', '_live_', 'Zz9'.repeat(9)].join(''),
  jwt: ['eyJ', 'hbGciOiJIUzI1NiJ9', '.', 'eyJzdWIiOiIxMjM0NTY3ODkwIn0', '.', 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'].join(''),
  privateKey: ['-----BEGIN', ' RSA PRIVATE KEY', '-----'].join(''),
  highEntropy: ['Q7vN2kLp9', 'XzR4tYw8Bm', 'Jc5Hs1Gf6Ud3', 'Ea0Oi7'].join(''),
  ssn: ['123', '-45', '-6789'].join(''),
  card: ['4111', ' 1111', ' 1111', ' 1111'].join(''),
  email: ['ada', '@', 'example.org'].join(''),
};
