-- One room's recent messages (see RedisHistoryCache). Atomic per room: both keys share the room's
-- hash tag, so this also runs on Redis Cluster.
--
-- KEYS[1]  sorted set: score = seq, member = the message's JSON
-- KEYS[2]  hash: low   = the lowest seq from which the set holds every message up to its highest
--                built = when (Redis time, µs) this run of the set began
-- ARGV[1]  'stored' | 'loaded' | 'before'
-- ARGV[2]  runs built before this time (µs) are not trusted: the caller may have lost a write
--          to them
--
-- Invariant: every seq in [low, highest] is in the set, and the highest is the room's newest
-- message as far as the writers have told us. Nothing here ever invents a seq.
local recent, meta = KEYS[1], KEYS[2]
local op = ARGV[1]
local trustedFrom = tonumber(ARGV[2])

-- why: Lua prints big numbers in exponent form; seqs and times go back to Redis as exact integers
local function int(x)
  return string.format('%.0f', x)
end

local function now()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000000 + tonumber(t[2])
end

-- the trusted window: low and highest seq, or nil
local function window()
  local m = redis.call('HMGET', meta, 'low', 'built')
  if not m[1] or not m[2] or tonumber(m[2]) < trustedFrom then
    return nil
  end
  local last = redis.call('ZRANGE', recent, -1, -1, 'WITHSCORES')
  if #last == 0 then
    return nil
  end
  return tonumber(m[1]), tonumber(last[2])
end

-- keeps the newest `cap` messages, moves low up past what was dropped, refreshes the TTL
local function keep(cap, ttl)
  local size = redis.call('ZCARD', recent)
  if size > cap then
    redis.call('ZREMRANGEBYRANK', recent, 0, int(size - cap - 1))
    local first = redis.call('ZRANGE', recent, 0, 0, 'WITHSCORES')
    redis.call('HSET', meta, 'low', first[2])
  end
  redis.call('PEXPIRE', recent, int(ttl))
  redis.call('PEXPIRE', meta, int(ttl))
end

if op == 'stored' then
  -- ARGV[3] seq, ARGV[4] json, ARGV[5] cap, ARGV[6] ttl ms
  local seq = tonumber(ARGV[3])
  local low, top = window()
  if not low or seq > top + 1 then
    -- cold, untrusted, or messages between top and seq never arrived: begin a new run here
    redis.call('DEL', recent, meta)
    redis.call('ZADD', recent, int(seq), ARGV[4])
    redis.call('HSET', meta, 'low', int(seq), 'built', int(now()))
  elseif seq == top + 1 then
    redis.call('ZADD', recent, int(seq), ARGV[4])
  elseif seq == low - 1 then
    -- a write that overtook this one already began the run
    redis.call('ZADD', recent, int(seq), ARGV[4])
    redis.call('HSET', meta, 'low', int(seq))
  else
    return 0
  end
  keep(tonumber(ARGV[5]), tonumber(ARGV[6]))
  return 1
elseif op == 'loaded' then
  -- ARGV[3] cap, ARGV[4] ttl ms, ARGV[5] lowest seq a, ARGV[6] highest seq b,
  -- ARGV[7 ..] the messages a .. b in seq order
  local a, b = tonumber(ARGV[5]), tonumber(ARGV[6])
  local low, top = window()
  -- why: only a run that writes began may be extended; a page alone cannot say that nothing
  -- newer exists, so it never begins a run
  if not low or a > top + 1 or b < low - 1 then
    return 0
  end
  for seq = a, b do
    if seq < low or seq > top then
      redis.call('ZADD', recent, int(seq), ARGV[7 + seq - a])
    end
  end
  if a < low then
    redis.call('HSET', meta, 'low', int(a))
  end
  keep(tonumber(ARGV[3]), tonumber(ARGV[4]))
  return 1
elseif op == 'before' then
  -- ARGV[3] beforeSeq, ARGV[4] limit; answers {'hit', json, ...} newest first, or {'miss'}
  local beforeSeq, limit = tonumber(ARGV[3]), tonumber(ARGV[4])
  local low, top = window()
  if not low then
    return {'miss'}
  end
  local hi = math.min(beforeSeq - 1, top)
  local lo = math.max(1, hi - limit + 1)
  if hi < low or lo < low then
    return {'miss'}
  end
  local page = redis.call('ZREVRANGEBYSCORE', recent, int(hi), int(lo))
  if #page ~= hi - lo + 1 then
    return {'miss'}
  end
  table.insert(page, 1, 'hit')
  return page
end
return redis.error_reply('unknown operation ' .. tostring(op))
