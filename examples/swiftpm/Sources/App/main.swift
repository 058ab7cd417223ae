import AppLibrary

print(AppEntry.report(), terminator: "")
