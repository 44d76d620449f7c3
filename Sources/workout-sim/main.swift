import Foundation
import WorkoutSimCLI

// The only place that ends the process: everything else returns or throws an exit code.
// FIXME(integrator): pass the simulation's runScenario / validateScenario / checkScenario here.
let status = WorkoutSimCommand.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: CLIEnvironment())
exit(status)
