-- One user's send allowance across all nodes (see RedisSendRateLimiter): a token bucket kept in
-- one hash, refilled from Redis' own clock so that the nodes' clocks never matter.
--
-- KEYS[1]  hash: tokens = what is left, at = when it was counted (Redis time, µs)
-- ARGV[1]  sustained rate, tokens per second
-- ARGV[2]  burst, the most tokens the bucket holds
-- Returns 1 when a token was taken, 0 when none was left.
local key = KEYS[1]
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local state = redis.call('HMGET', key, 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000000)
local taken = 0
if tokens >= 1 then
  tokens = tokens - 1
  taken = 1
end
redis.call('HSET', key, 'tokens', tostring(tokens), 'at', string.format('%.0f', now))
-- why: a full bucket is the same as no bucket; let an idle user's key go
redis.call('PEXPIRE', key, math.ceil(burst / rate * 1000) + 1000)
return taken
