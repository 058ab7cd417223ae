import DIEngine

print("dibuild")
