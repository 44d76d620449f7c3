import Foundation
import WorkoutSimCLI

// The only place that ends the process: everything else returns or throws an exit code.
let status = WorkoutSimCommand.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: CLIEnvironment.live())
exit(status)
