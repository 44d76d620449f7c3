print("benchmark not yet written")
