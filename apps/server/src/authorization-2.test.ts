import { describeAuthorizationShard } from '../test/authorization-walk'

// The authorization walk, the routes in shard 2 of 2 (test/authorization-walk.ts).
describeAuthorizationShard(1, 2)
