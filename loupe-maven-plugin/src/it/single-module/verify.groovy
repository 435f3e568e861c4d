// Both test runs wrote a profile, the report merged them, and every rule held.
def target = new File(basedir, 'target')
def profiles = new File(target, 'loupe').listFiles().findAll { it.name.endsWith('.prof') && it.length() > 0 }
assert profiles.size() == 2 : "one profile per test JVM (paths,values and deps): ${profiles}"
assert new File(target, 'site/loupe/index.html').isFile()
def json = new File(target, 'site/loupe/loupe.json').text
assert json.contains('"com.example.Stats"') || json.contains('com.example.Stats')
def log = new File(basedir, 'build.log').text
assert log.contains('Loupe: report of 2 profiles')
assert log.contains('Loupe: all 5 rules hold on 2 profiles')
assert log.contains('Loupe rule holds: loop com.example.Stats.scale:12 parallelizable: holds in 1 context')
assert log.contains('Tests run: 4, Failures: 0')
true
