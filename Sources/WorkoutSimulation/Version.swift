/// The version of workout-sim (semantic versioning), written here and nowhere else: the command
/// line's `--version` (`workout-sim 0.1.0`), the run result's `generator`
/// (``Simulation/generator``), the report page's footer, and the releases a dependency pins
/// (`.package(url: ..., from: "0.1.0")`) all read it. CHANGELOG.md's latest release, and the
/// versions README.md, docs/ and the DocC catalogs tell users to depend on, must equal it (a
/// test in WorkoutSimCLITests checks them). To release: add the version's section to
/// CHANGELOG.md, change this constant, and tag the commit with the same text.
public let workoutSimVersion = "0.1.0"
