import FitnessTrackerPhone
import Foundation

// `fitness-tracker-phone`: the example fitness tracker's iPhone screens on a simulation of a
// scenario (Examples/FitnessTracker/README.md). The only place that ends the process.
let status = PhoneCommand.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: PhoneEnvironment.live())
exit(status)
