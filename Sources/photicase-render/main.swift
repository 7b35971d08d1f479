print("photicase-render")
