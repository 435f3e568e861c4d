// The build failed on exactly the three rules that do not hold, each in one line with what was measured and the limit.
def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 4, Failures: 0') : 'the tests themselves pass under the agent'
assert log.contains('Loupe check: 3 of 5 rules failed on 2 profiles')
assert log.contains('Loupe rule failed: loop com.example.Stats.prefix:29 not blocked: measured in 1 of 1 context: not parallelizable, carried RAW ')
assert log.contains('advice blocked: blocked by RAW line 30 → 30 on `a[]` at distance 1; limit: not blocked in every context')
assert log.contains('Loupe rule failed: method com.example.Stats.clamp at most 2 paths: measured: com.example.Stats.clamp(III)I executed 3 distinct paths; limit: 2')
assert log.contains('Loupe rule failed: loop com.example.Stats.sum:99 doall: matches no loop that ran: the loops of com.example.Stats.sum that ran have their headers on line 21')
assert log.contains('Loupe rule holds: loop com.example.Stats.scale:12 parallelizable')
assert log.contains('Loupe rule holds: value com.example.Stats.scale:11 param factor invariant at least 90%')
true
