/**
 * The operation tests' staff passwords and PINs hashed at scrypt N = 2^10 instead of 2^15 (a jest
 * set-up file of the server project): about 1 000 hashes and checks per database run cost about
 * 130 ms of CPU each at the real cost. What is tested (a hash, never the secret, checked in constant
 * form; refusals, lockouts) does not depend on N; tests/unit/secret-hash.test.ts checks the real cost.
 */
import { lowerSecretHashCostForTests } from '../../server/src/domain/staff/secret-hash'

lowerSecretHashCostForTests(1 << 10)
