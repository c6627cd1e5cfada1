module zeroclawcodegen/runtime

go 1.19
