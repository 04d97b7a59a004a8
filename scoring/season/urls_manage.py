"""Staff addresses of challenges: /manage/challenges/... (namespace ``challenges``)."""

app_name = "challenges"
urlpatterns: list = []
