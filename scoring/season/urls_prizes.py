"""Staff addresses of prizes and the treasurer's sheets of a challenge: /manage/...
(namespace ``prizes``)."""

app_name = "prizes"
urlpatterns: list = []
