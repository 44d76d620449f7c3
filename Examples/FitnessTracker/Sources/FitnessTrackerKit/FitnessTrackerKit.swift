// FitnessTrackerKit: the seed fitness-tracker app (Examples/FitnessTracker/README.md).
