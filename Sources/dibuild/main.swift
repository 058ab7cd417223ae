import DIEngine
print("dibuild")
