print("resample-bench: not written yet")
