// Each module has its own report; the aggregate merges both modules' profiles, with both modules' sources.
def core = new File(basedir, 'core/target/site/loupe/loupe.json').text
def app = new File(basedir, 'app/target/site/loupe/loupe.json').text
assert core.contains('com.example.core.Words') && !core.contains('com.example.app.Longest')
assert app.contains('com.example.app.Longest') && app.contains('com.example.core.Words') : 'app runs core code in its tests'
def aggregate = new File(basedir, 'target/site/loupe-aggregate/loupe.json').text
assert aggregate.contains('com.example.core.Words') && aggregate.contains('com.example.app.Longest')
def log = new File(basedir, 'build.log').text
assert log.contains('Loupe: report of 2 profiles (2 methods with paths, 0 value sites, 0 loop verdicts)')
assert new File(basedir, 'target/site/loupe-aggregate/index.html').isFile()
def pages = new File(basedir, 'target/site/loupe-aggregate/files').list() as List
assert pages.any { it.contains('Words') } && pages.any { it.contains('Longest') }
def words = new File(basedir, 'target/site/loupe-aggregate/files').listFiles().find { it.name == 'com.example.core.Words.java.html' }.text
assert words.contains('Character.isLetter') : 'the source text, from the core module'
true
