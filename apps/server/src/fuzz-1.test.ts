import { describeFuzzShard } from '../test/fuzz-walk'

// The wire under hostile input, the routes in shard 1 of 2 (test/fuzz-walk.ts).
describeFuzzShard(0, 2)
